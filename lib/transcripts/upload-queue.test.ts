import { describe, expect, it } from "vitest";
import type { UploadResponse } from "./schemas/upload-response";
import { emptyQueue, importedTotal, nextToImport, offeredCriteria, queueCounts, uploadQueueReducer, type QueueAction, type UploadQueue } from "./upload-queue";

const MB = 1024 * 1024;
const chosen = (name: string, size = 100) => ({ name, size, file: name });
const add = (queue: UploadQueue<string>, names: string[], maxMb = 1) => uploadQueueReducer(queue, { type: "added", files: names.map((name) => chosen(name)), maxMb });
const apply = (queue: UploadQueue<string>, ...actions: QueueAction<string>[]) => actions.reduce(uploadQueueReducer, queue);

const answer = (file: string, uploadId: string, imported: number, criteria: string[] = []): UploadResponse => ({
  uploadId,
  file,
  bytes: 100,
  imported: Array.from({ length: imported }, (_, i) => ({ id: `${file}-${i}`, name: `${file} ${i}`, warnings: 0 })),
  duplicates: [],
  rejected: [],
  criteria,
  warnings: 0,
});

describe("the upload queue", () => {
  it("imports files one after another in the order they were chosen, including files added while one imports", () => {
    let queue = add(emptyQueue<string>(), ["a.jsonl", "b.json"]);
    const first = nextToImport(queue);
    expect(first?.name).toBe("a.jsonl");
    queue = uploadQueueReducer(queue, { type: "started", id: first!.id });
    expect(nextToImport(queue)).toBeNull();

    queue = add(queue, ["c.ndjson"]);
    expect(queue.files.map((file) => [file.name, file.state])).toEqual([
      ["a.jsonl", "importing"],
      ["b.json", "waiting"],
      ["c.ndjson", "waiting"],
    ]);
    expect(nextToImport(queue)).toBeNull();

    queue = uploadQueueReducer(queue, { type: "finished", id: first!.id, result: answer("a.jsonl", "u1", 2) });
    const second = nextToImport(queue)!;
    expect(second.name).toBe("b.json");
    queue = apply(queue, { type: "started", id: second.id }, { type: "failed", id: second.id, error: "The server answered 500." });
    const third = nextToImport(queue)!;
    expect(third.name).toBe("c.ndjson");
    queue = apply(queue, { type: "started", id: third.id }, { type: "finished", id: third.id, result: answer("c.ndjson", "u1", 1) });

    expect(nextToImport(queue)).toBeNull();
    expect(queueCounts(queue)).toEqual({ waiting: 0, importing: 0, done: 2, failed: 1 });
    expect(importedTotal(queue)).toBe(3);
    expect(new Set(queue.files.map((file) => file.id)).size).toBe(3);
  });

  it("keeps a refused file's line with its reason, and never sends it", () => {
    const queue = uploadQueueReducer(emptyQueue<string>(), {
      type: "added",
      files: [chosen("notes.txt"), { name: "huge.jsonl", size: 3 * MB, file: "huge" }, chosen("ok.json")],
      maxMb: 2,
    });
    expect(queue.files.map((file) => (file.state === "failed" ? file.error : file.state))).toEqual([
      "notes.txt: only .json, .jsonl and .ndjson files are accepted.",
      "huge.jsonl: the file is larger than the limit of 2 MB",
      "waiting",
    ]);
    expect(nextToImport(queue)?.name).toBe("ok.json");
  });

  it("names the upload after the first answer, and keeps it for the files that follow", () => {
    let queue = add(emptyQueue<string>(), ["a.json", "b.json"]);
    const [a, b] = queue.files;
    queue = apply(queue, { type: "started", id: a.id }, { type: "finished", id: a.id, result: answer("a.json", "first", 1, ["Tool call passes if x", "Tool call passes if y"]) });
    queue = apply(queue, { type: "started", id: b.id }, { type: "finished", id: b.id, result: answer("b.json", "first", 1, ["Tool call passes if y"]) });
    expect(queue.uploadId).toBe("first");
    expect(offeredCriteria(queue)).toEqual(["Tool call passes if x", "Tool call passes if y"]);
  });

  it("shows progress only while a file imports: a late progress event after its answer changes nothing", () => {
    let queue = add(emptyQueue<string>(), ["a.json"]);
    const id = queue.files[0].id;
    queue = apply(queue, { type: "progressed", id, progress: { sent: 1, total: 2, processing: false } });
    expect(queue.files[0].state).toBe("waiting");
    queue = apply(queue, { type: "started", id }, { type: "progressed", id, progress: { sent: 2, total: 2, processing: true } });
    expect(queue.files[0]).toMatchObject({ state: "importing", progress: { processing: true } });
    queue = apply(queue, { type: "finished", id, result: answer("a.json", "u", 1) }, { type: "progressed", id, progress: { sent: 2, total: 2, processing: true } });
    expect(queue.files[0].state).toBe("done");
  });
});
