import path from "node:path";
import protobuf from "protobufjs";

/**
 * Reads the vendored .proto files: only for scripts/otlp-descriptor.ts and the test that keeps
 * descriptor.json in step with them (the decoder in lib/ reads only the JSON).
 */
const DIR = path.resolve(import.meta.dirname, "../lib/transcripts/otlp/proto");
export const DESCRIPTOR_FILE = path.join(DIR, "descriptor.json");
const FILES = ["opentelemetry/proto/collector/trace/v1/trace_service.proto", "google/rpc/status.proto"];

export function descriptorFromProtoFiles(): protobuf.INamespace {
  const root = new protobuf.Root();
  // Imports inside the files are relative to this folder, as in the upstream repository.
  root.resolvePath = (_origin, target) => path.join(DIR, target);
  root.loadSync(FILES, { keepCase: false });
  return root.toJSON();
}
