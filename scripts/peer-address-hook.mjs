// Loaded into the Next.js server by `npm start` (NODE_OPTIONS --import, set in
// scripts/prepare-database.ts): puts each request's socket address in `x-callboard-peer`, over
// anything a client sent under that name, so sign-in throttling can key on the real client
// (lib/accounts/client-address.ts). Next itself exposes no remote address to server actions.
import http from "node:http";

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithPeer(event, request, ...rest) {
  if (event === "request" && request && request.socket && request.headers) {
    request.headers["x-callboard-peer"] = request.socket.remoteAddress || "";
  }
  return emit.call(this, event, request, ...rest);
};
