/** A received live check to keep, as the writer gets it (strings only: cheap to post to a thread). */
export interface LiveCheckRow {
  monitorId: string;
  endpoint: string;
  body: string;
  reply: string;
  receivedAt: number;
}

export interface WriterReply {
  written: number;
  skipped: number;
}
