import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { DESCRIPTOR_FILE, descriptorFromProtoFiles } from "./otlp-proto-files";

it("descriptor.json is what the vendored .proto files say (npm run otlp:descriptor rewrites it)", () => {
  expect(JSON.parse(readFileSync(DESCRIPTOR_FILE, "utf8"))).toEqual(JSON.parse(JSON.stringify(descriptorFromProtoFiles())));
});
