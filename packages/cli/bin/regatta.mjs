#!/usr/bin/env node
/**
 * `npm run regatta -- <command>` (the root package.json's script) and `npx regatta` (its
 * bin): runs the built CLI, building it first when missing or older than its source, so a
 * fresh clone needs only Node and npm. docs/cli.md "Running it".
 */
import { pathToFileURL } from "node:url";
import { ensureBuilt } from "../scripts/build.mjs";

const bundle = await ensureBuilt();
await import(pathToFileURL(bundle).href);
