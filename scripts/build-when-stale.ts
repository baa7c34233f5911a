/**
 * `next build` unless `.next` already holds the build of these sources (the stamp `npm start`
 * checks). `npm test` runs it beside the PostgreSQL tests, which leave a core partly idle, so the
 * end-to-end step starts on a current build instead of spending its first minute building.
 */
import { buildWhenStale } from "./build-stamp";

process.exit(buildWhenStale(process.cwd()));
