/**
 * `next build` unless `.next` already holds the build of these sources (the stamp `npm start`
 * checks). `npm test` runs it beside its other steps once the typecheck is done, where it fills
 * cores they leave idle, so the end-to-end step starts on a current build instead of building.
 */
import { buildWhenStale } from "./build-stamp";

process.exit(buildWhenStale(process.cwd()));
