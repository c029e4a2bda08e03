import { createRoute, z } from "@hono/zod-openapi";
import { type App, router } from "../app.ts";
import { inlineSourceHash } from "../http/security-headers.ts";

const Health = z.object({ status: z.literal("ok") }).openapi("Health");

const healthz = createRoute({
  method: "get",
  path: "/healthz",
  tags: ["meta"],
  summary: "Liveness probe (public)",
  security: [],
  responses: { 200: { description: "alive", content: { "application/json": { schema: Health } } } },
});

/** Public endpoints: health, the OpenAPI document and its human page. */
export function metaRoutes(): App {
  const app = router();
  app.openapi(healthz, (c) => c.json({ status: "ok" as const }, 200));
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/docs",
    tags: ["meta"],
    summary: "A page listing the operations of /openapi.json (public)",
    security: [],
    responses: {
      200: { description: "the page", content: { "text/html": { schema: { type: "string" } } } },
    },
  });
  app.get("/docs", async (c) => {
    c.header("content-security-policy", await docsPolicy());
    return c.html(DOCS_PAGE);
  });
  return app;
}

// A static page that renders /openapi.json in the browser without a CDN: the machines
// that run Regatta may have no route to the internet. Its one style and one script are
// allowed by their hashes, so the page runs under a policy as strict as the dashboard's.
const DOCS_STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d2330}
h1{margin-bottom:0}code{background:#f1f3f7;padding:.1rem .3rem;border-radius:3px}
.op{border:1px solid #dde2ea;border-radius:6px;margin:.5rem 0;padding:.5rem .8rem}
.m{display:inline-block;min-width:4.5rem;font-weight:600;text-transform:uppercase}
.get{color:#1b7f3b}.post{color:#1f5fbf}.put{color:#a26200}.delete{color:#b3261e}
details pre{background:#f7f8fb;padding:.6rem;overflow:auto;font-size:13px}
`;

const DOCS_SCRIPT = `
fetch('/openapi.json').then(r=>r.json()).then(doc=>{
  const out=[];
  for(const [path,item] of Object.entries(doc.paths||{})){
    for(const [method,op] of Object.entries(item)){
      const body=op.requestBody?JSON.stringify(op.requestBody.content?.['application/json']?.schema,null,2):'';
      out.push('<div class="op"><span class="m '+method+'">'+method+'</span><code>'+path+'</code> '+(op.summary||'')+
        (body?'<details><summary>request body</summary><pre>'+body.replace(/</g,'&lt;')+'</pre></details>':'')+'</div>');
    }
  }
  document.getElementById('ops').innerHTML=out.join('')||'No operations.';
});
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Regatta API</title>
<style>${DOCS_STYLE}</style></head>
<body><h1>Regatta API</h1><p>Generated from <a href="/openapi.json"><code>/openapi.json</code></a>.
Send <code>Authorization: Bearer &lt;token&gt;</code>; errors are <code>application/problem+json</code>.</p>
<div id="ops">Loading…</div>
<script>${DOCS_SCRIPT}</script></body></html>`;

let docsPolicyText: Promise<string> | undefined;

function docsPolicy(): Promise<string> {
  docsPolicyText ??= Promise.all([
    inlineSourceHash(DOCS_STYLE),
    inlineSourceHash(DOCS_SCRIPT),
  ]).then(
    ([style, script]) =>
      `default-src 'none'; script-src ${script}; style-src ${style}; connect-src 'self'; ` +
      "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
  return docsPolicyText;
}
