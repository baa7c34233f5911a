/**
 * `npm run otlp:descriptor`: rewrites lib/transcripts/otlp/proto/descriptor.json from the vendored
 * .proto files, so that the decoder loads plain JSON and never parses .proto text at run time.
 */
import { writeFileSync } from "node:fs";
import { DESCRIPTOR_FILE, descriptorFromProtoFiles } from "./otlp-proto-files";

writeFileSync(DESCRIPTOR_FILE, `${JSON.stringify(descriptorFromProtoFiles(), null, 1)}\n`);
console.log(`wrote ${DESCRIPTOR_FILE}`);
