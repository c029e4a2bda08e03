import { describe, expect, it } from "vitest";
import { type PublishedRelease, releaseAvailability } from "./availability.ts";
import { latestImage } from "./node-image.ts";

const release = (
  name: string,
  createdAt: number,
  nodeImages: PublishedRelease["nodeImages"],
  regions: PublishedRelease["regions"] = {},
): PublishedRelease => ({ name, createdAt, nodeImages, regions });

describe("releaseAvailability", () => {
  it("CH-3 a version is available in the regions of every release that publishes it", () => {
    const availability = releaseAvailability([
      release("2022-R25", 1, [], { "1.24.5-gke.600": ["europe-west1"] }),
      release("2022-R26", 2, [], {
        "1.24.5-gke.600": ["us-central1", "europe-west1"],
        "1.24.6-gke.1500": ["us-central1"],
      }),
    ]);
    expect(availability.versionRegions).toEqual({
      "1.24.5-gke.600": ["europe-west1", "us-central1"],
      "1.24.6-gke.1500": ["us-central1"],
    });
  });

  it("RUN-6 node images come oldest first: releases by first publication, ties by name, each in its listed order", () => {
    const releases = [
      release("2022-R26", 2, [{ version: "cos-105-c", regions: ["europe-west1"] }]),
      release("2022-R25b", 1, [{ version: "cos-105-b", regions: ["europe-west1"] }]),
      release("2022-R25a", 1, [
        { version: "cos-101", regions: ["europe-west1"] },
        { version: "cos-105-a", regions: ["europe-west1"] },
      ]),
    ];
    const images = releaseAvailability(releases).nodeImages.map((image) => image.version);
    expect(images).toEqual(["cos-101", "cos-105-a", "cos-105-b", "cos-105-c"]);
    // The input is read, not reordered.
    expect(releases.map((r) => r.name)).toEqual(["2022-R26", "2022-R25b", "2022-R25a"]);
  });

  it("RUN-6 an image published again by a later release counts as newer, in the regions of both", () => {
    const availability = releaseAvailability([
      release("2022-R25", 1, [
        { version: "cos-101", regions: ["europe-west1"] },
        { version: "cos-105", regions: ["europe-west1"] },
      ]),
      release("2022-R26", 2, [{ version: "cos-101", regions: ["us-central1"] }]),
    ]);
    expect(availability.nodeImages).toEqual([
      { version: "cos-105", regions: ["europe-west1"] },
      { version: "cos-101", regions: ["europe-west1", "us-central1"] },
    ]);
  });

  it("CH-3 a member whose region has no image yet finds none; one in a published region finds the newest", () => {
    const availability = releaseAvailability([
      release("2022-R25", 1, [{ version: "cos-101", regions: ["europe-west1", "us-central1"] }]),
      release("2022-R26", 2, [{ version: "cos-105", regions: ["europe-west1"] }]),
    ]);
    expect(latestImage(availability, "europe-west1")).toBe("cos-105");
    expect(latestImage(availability, "us-central1", "cos")).toBe("cos-101");
    expect(latestImage(availability, "asia-east1")).toBeUndefined();
  });

  it("CH-3 no release: nothing published anywhere", () => {
    expect(releaseAvailability([])).toEqual({ nodeImages: [], versionRegions: {} });
  });
});
