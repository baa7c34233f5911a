// Loaded into a bench's web server with NODE_OPTIONS=--import (scripts/bench/first-request.ts
// --cpu-prof): node refuses --cpu-prof in NODE_OPTIONS, and `next start` takes no node flags.
// Samples the process from its first line and writes CALLBOARD_CPU_PROF_DIR/server-<pid>.cpuprofile
// when it exits (a same-thread inspector session answers synchronously, so an exit handler can).
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.CALLBOARD_CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
