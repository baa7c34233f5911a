/**
 * Deterministic generator of OpenAI chat transcripts as JSON Lines, for `npm run bench:import`.
 *
 * The same seed always writes the same bytes. Every transcript is distinct (its metadata carries
 * a unique run id and its call ids are random), the total number of tool calls is exact, and the
 * shapes follow prisma/demo/transcripts.json: a system prompt, a user request, assistant turns
 * with one or several parallel tool calls, tool responses (a few missing), a few arguments that
 * are not valid JSON, and a final answer; 2–6 function tools with JSON schemas each.
 */
import fs from "node:fs";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface GenerateOptions {
  transcripts: number;
  calls: number;
  seed: number;
}

export interface GenerateStats {
  file: string;
  bytes: number;
  transcripts: number;
  toolCalls: number;
  messages: number;
  parallelGroups: number;
  missingResponses: number;
  invalidArguments: number;
  milliseconds: number;
}

/** mulberry32: small, fast, and good enough for test data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, count);
  }

  id(length: number): string {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

// ---- text ----

const WORDS = (
  "the a to of and in for on with that this it is be as at by from or an are was will can your you we our " +
  "please check account order booking request customer support policy details update status report data " +
  "weather forecast flight hotel meeting calendar email invoice refund payment shipment delivery address " +
  "team project deadline budget quarter revenue summary analysis result results query table rows latest " +
  "morning afternoon evening tomorrow today next week month year city trip travel price prices currency " +
  "document documents section page notes issue ticket error fix deploy release version service api server " +
  "quickly carefully exactly roughly about around before after during between within without also still " +
  "need needs want wants help helps find found show shows make made send sent book booked cancel cancelled " +
  "confirm confirmed compare compared review reviewed schedule scheduled convert converted translate " +
  "available possible important different recent current previous upcoming internal external detailed"
).split(" ");

const CITIES = [
  "Lisbon, Portugal", "Chicago, USA", "Osaka, Japan", "Nairobi, Kenya", "Montreal, Canada", "Berlin, Germany",
  "São Paulo, Brazil", "Melbourne, Australia", "Reykjavík, Iceland", "Seoul, South Korea", "Cape Town, South Africa",
  "Mexico City, Mexico", "Zürich, Switzerland", "Hanoi, Vietnam", "Dublin, Ireland", "Austin, USA",
];
const AIRPORTS = ["LIS", "ORD", "KIX", "NBO", "YUL", "BER", "GRU", "MEL", "KEF", "ICN", "CPT", "MEX", "ZRH", "HAN", "DUB", "AUS"];
const CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CHF", "BRL", "KRW", "AUD", "CAD", "ZAR"];
const LANGUAGES = ["fr", "de", "es", "pt", "ja", "ko", "it", "nl"];
const SYMBOLS = ["AAPL", "MSFT", "NVDA", "ASML", "SAP", "TSM", "SHOP", "ADBE", "ORCL", "INTC"];
const NAMES = ["Ana", "Bruno", "Chen", "Dana", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kemi", "Luca", "Maya", "Noor"];
const MODELS = ["gpt-4o-mini", "gpt-4o", "gpt-4.1", "gpt-4.1-mini", "o4-mini"];
const CHANNELS = ["web-chat", "mobile-app", "slack", "email", "api"];

function sentence(rng: Rng, minWords: number, maxWords: number): string {
  const count = rng.int(minWords, maxWords);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(rng.pick(WORDS));
  const text = words.join(" ");
  return `${text[0].toUpperCase()}${text.slice(1)}${rng.pick([".", ".", ".", "?", "!"])}`;
}

/** Sentences until about `chars` characters. */
function paragraph(rng: Rng, chars: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const s = sentence(rng, 5, 18);
    parts.push(s);
    length += s.length + 1;
  }
  return parts.join(" ");
}

function date(rng: Rng, year = 2025): string {
  return `${year}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
}

function time(rng: Rng): string {
  return `${String(rng.int(7, 19)).padStart(2, "0")}:${rng.pick(["00", "15", "30", "45"])}`;
}

function money(rng: Rng, min: number, max: number): number {
  return Math.round((min + rng.next() * (max - min)) * 100) / 100;
}

// ---- tools ----

interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonObject;
  args: (rng: Rng) => JsonObject;
  response: (rng: Rng, args: JsonObject) => JsonObject;
  scenario: string;
}

const str = (description: string, extra: JsonObject = {}): JsonObject => ({ type: "string", description, ...extra });
const num = (description: string, extra: JsonObject = {}): JsonObject => ({ type: "number", description, ...extra });
const int = (description: string, extra: JsonObject = {}): JsonObject => ({ type: "integer", description, ...extra });
const schema = (properties: JsonObject, required: string[]): JsonObject => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});

const TOOLS: ToolSpec[] = [
  {
    name: "get_current_weather",
    scenario: "weather",
    description: "Current observed weather for a place. Returns temperature in the requested unit.",
    parameters: schema(
      { location: str('City and country, e.g. "Lisbon, Portugal".'), unit: str("Temperature unit.", { enum: ["celsius", "fahrenheit"], default: "celsius" }) },
      ["location"],
    ),
    args: (rng) => ({ location: rng.pick(CITIES), unit: rng.pick(["celsius", "fahrenheit"]) }),
    response: (rng, args) => ({
      location: args.location,
      observed_at: `${date(rng)}T${time(rng)}:00Z`,
      temperature: money(rng, -10, 38),
      unit: args.unit ?? "celsius",
      conditions: rng.pick(["clear", "partly cloudy", "overcast", "light rain", "thunderstorms", "snow showers"]),
      humidity_pct: rng.int(15, 98),
      wind_kph: rng.int(0, 60),
    }),
  },
  {
    name: "get_forecast",
    scenario: "weather",
    description: "Daily forecast for the next days.",
    parameters: schema(
      {
        location: str("City and country."),
        days: int("Number of days to forecast, starting today.", { minimum: 1, maximum: 7 }),
        unit: str("Temperature unit.", { enum: ["celsius", "fahrenheit"] }),
      },
      ["location", "days"],
    ),
    args: (rng) => ({ location: rng.pick(CITIES), days: rng.int(1, 7), unit: "celsius" }),
    response: (rng, args) => ({
      location: args.location,
      days: Array.from({ length: typeof args.days === "number" ? args.days : 3 }, () => ({
        date: date(rng),
        high: money(rng, 5, 35),
        low: money(rng, -5, 20),
        conditions: rng.pick(["sunny", "cloudy", "rain", "showers", "windy"]),
        precipitation_mm: money(rng, 0, 25),
      })),
    }),
  },
  {
    name: "search_flights",
    scenario: "travel",
    description: "Search one-way flights between two airports on a date. Prices are per passenger.",
    parameters: schema(
      {
        origin: str("IATA code of the departure airport."),
        destination: str("IATA code of the arrival airport."),
        date: str("Departure date, YYYY-MM-DD.", { format: "date" }),
        passengers: int("Number of passengers.", { minimum: 1, maximum: 9 }),
        cabin: str("Cabin class.", { enum: ["economy", "premium_economy", "business", "first"] }),
      },
      ["origin", "destination", "date"],
    ),
    args: (rng) => {
      const [origin, destination] = rng.sample(AIRPORTS, 2);
      return { origin, destination, date: date(rng), passengers: rng.int(1, 4), cabin: rng.pick(["economy", "business"]) };
    },
    response: (rng, args) => ({
      results: Array.from({ length: rng.int(1, 4) }, () => ({
        flight: `${rng.pick(["TP", "UA", "LH", "NH", "KQ", "AC"])}${rng.int(100, 9999)}`,
        departs: `${args.date}T${time(rng)}`,
        arrives: `${args.date}T${time(rng)}`,
        stops: rng.int(0, 2),
        price: money(rng, 80, 2400),
        currency: "EUR",
      })),
    }),
  },
  {
    name: "book_hotel",
    scenario: "travel",
    description: "Reserve a hotel room. Fails when nothing is available under max_price per night.",
    parameters: schema(
      {
        city: str("City name."),
        check_in: str("YYYY-MM-DD", { format: "date" }),
        check_out: str("YYYY-MM-DD", { format: "date" }),
        guests: int("Number of guests.", { minimum: 1, maximum: 6 }),
        max_price: num("Highest acceptable price per night, in EUR."),
      },
      ["city", "check_in", "check_out", "guests"],
    ),
    args: (rng) => ({ city: rng.pick(CITIES).split(",")[0], check_in: date(rng), check_out: date(rng), guests: rng.int(1, 4), max_price: rng.int(60, 400) }),
    response: (rng, args): JsonObject =>
      rng.chance(0.15)
        ? { error: "no_availability", message: `No rooms in ${String(args.city)} under ${String(args.max_price)} EUR per night.` }
        : { confirmation: `HB-${rng.id(8).toUpperCase()}`, hotel: `${rng.pick(["Grand", "Harbour", "Old Town", "Central", "Garden"])} Hotel`, price_per_night: money(rng, 55, 390) },
  },
  {
    name: "lookup_order",
    scenario: "support",
    description: "Look up an order by id: items, status, shipping address and tracking.",
    parameters: schema({ order_id: str('Order id such as "ORD-48213".', { pattern: "^ORD-[0-9]+$" }) }, ["order_id"]),
    args: (rng) => ({ order_id: `ORD-${rng.int(10000, 99999)}` }),
    response: (rng, args) => ({
      order_id: args.order_id,
      status: rng.pick(["processing", "shipped", "delivered", "returned"]),
      items: Array.from({ length: rng.int(1, 3) }, () => ({ sku: `SKU-${rng.id(6).toUpperCase()}`, qty: rng.int(1, 3), price: money(rng, 4, 300) })),
      ship_to: `${rng.int(1, 999)} ${rng.pick(["Maple", "Harbour", "King", "Station", "Elm"])} Street, ${rng.pick(CITIES)}`,
      tracking: rng.chance(0.7) ? `1Z${rng.id(16).toUpperCase()}` : null,
    }),
  },
  {
    name: "refund_order",
    scenario: "support",
    description: "Refund all or part of an order. The amount may not exceed what was paid.",
    parameters: schema(
      {
        order_id: str("Order id."),
        amount: num("Amount to refund, in the order currency.", { exclusiveMinimum: 0 }),
        reason: str("Why the refund is made.", { enum: ["damaged", "late", "wrong_item", "goodwill", "other"] }),
      },
      ["order_id", "amount", "reason"],
    ),
    args: (rng) => ({ order_id: `ORD-${rng.int(10000, 99999)}`, amount: money(rng, 5, 250), reason: rng.pick(["damaged", "late", "wrong_item", "goodwill"]) }),
    response: (rng, args) => ({ refund_id: `RF-${rng.id(10)}`, order_id: args.order_id, amount: args.amount, status: rng.pick(["approved", "pending_review"]) }),
  },
  {
    name: "search_docs",
    scenario: "knowledge",
    description: "Full-text search over the internal knowledge base. Returns the best passages.",
    parameters: schema({ query: str("What to search for."), top_k: int("How many passages.", { minimum: 1, maximum: 10, default: 3 }) }, ["query"]),
    args: (rng) => ({ query: sentence(rng, 3, 9).slice(0, -1).toLowerCase(), top_k: rng.int(1, 5) }),
    response: (rng, args) => ({
      passages: Array.from({ length: typeof args.top_k === "number" ? args.top_k : 3 }, () => ({
        doc: `kb/${rng.pick(["billing", "shipping", "accounts", "security", "api"])}/${rng.id(6).toLowerCase()}.md`,
        score: Math.round(rng.next() * 1000) / 1000,
        text: paragraph(rng, rng.int(80, 260)),
      })),
    }),
  },
  {
    name: "send_email",
    scenario: "assistant",
    description: "Send an email on the user's behalf. Only after the user confirmed the text.",
    parameters: schema(
      { to: { type: "array", items: { type: "string", format: "email" }, minItems: 1 }, subject: str("Subject line."), body: str("Plain-text body.") },
      ["to", "subject", "body"],
    ),
    args: (rng) => ({
      to: rng.sample(NAMES, rng.int(1, 3)).map((n) => `${n.toLowerCase()}@example.com`),
      subject: sentence(rng, 3, 8).slice(0, -1),
      body: paragraph(rng, rng.int(120, 500)),
    }),
    response: (rng) => ({ message_id: `<${rng.id(20)}@mail.example.com>`, status: "sent" }),
  },
  {
    name: "create_calendar_event",
    scenario: "assistant",
    description: "Create an event in the user's calendar.",
    parameters: schema(
      {
        title: str("Event title."),
        start: str("ISO 8601 start.", { format: "date-time" }),
        end: str("ISO 8601 end.", { format: "date-time" }),
        attendees: { type: "array", items: { type: "string" } },
      },
      ["title", "start", "end"],
    ),
    args: (rng) => {
      const day = date(rng);
      return { title: sentence(rng, 2, 5).slice(0, -1), start: `${day}T${time(rng)}:00`, end: `${day}T${time(rng)}:00`, attendees: rng.sample(NAMES, rng.int(0, 4)) };
    },
    response: (rng) => ({ event_id: `evt_${rng.id(12)}`, status: "confirmed" }),
  },
  {
    name: "query_database",
    scenario: "analytics",
    description: "Run a read-only SQL query against the analytics warehouse.",
    parameters: schema({ sql: str("A single SELECT statement."), limit: int("Row cap.", { minimum: 1, maximum: 1000 }) }, ["sql"]),
    args: (rng) => ({
      sql: `SELECT ${rng.pick(["region", "product", "channel"])}, SUM(${rng.pick(["revenue", "units", "refunds"])}) AS total FROM ${rng.pick(["sales", "orders", "events"])} WHERE day >= '${date(rng)}' GROUP BY 1 ORDER BY 2 DESC`,
      limit: rng.pick([10, 20, 50, 100]),
    }),
    response: (rng) => ({
      columns: ["key", "total"],
      rows: Array.from({ length: rng.int(2, 8) }, () => [rng.pick(["EMEA", "APAC", "NA", "LATAM", "web", "retail", "partner"]), money(rng, 100, 990000)]),
      elapsed_ms: rng.int(12, 2400),
    }),
  },
  {
    name: "convert_currency",
    scenario: "finance",
    description: "Convert an amount between currencies at today's rate.",
    parameters: schema({ amount: num("Amount to convert."), from: str("ISO 4217 code.", { enum: CURRENCIES }), to: str("ISO 4217 code.", { enum: CURRENCIES }) }, ["amount", "from", "to"]),
    args: (rng) => {
      const [from, to] = rng.sample(CURRENCIES, 2);
      return { amount: money(rng, 1, 50000), from, to };
    },
    response: (rng, args) => ({ amount: args.amount, from: args.from, to: args.to, rate: Math.round(rng.next() * 200000) / 10000, as_of: date(rng) }),
  },
  {
    name: "get_stock_quote",
    scenario: "finance",
    description: "Latest quote for a listed company.",
    parameters: schema({ symbol: str("Ticker symbol.", { pattern: "^[A-Z]{1,5}$" }) }, ["symbol"]),
    args: (rng) => ({ symbol: rng.pick(SYMBOLS) }),
    response: (rng, args) => ({ symbol: args.symbol, price: money(rng, 20, 900), change_pct: money(rng, -6, 6), volume: rng.int(100000, 90000000), currency: "USD" }),
  },
  {
    name: "translate_text",
    scenario: "language",
    description: "Translate text into a target language.",
    parameters: schema({ text: str("Text to translate."), target_language: str("ISO 639-1 code.", { enum: LANGUAGES }) }, ["text", "target_language"]),
    args: (rng) => ({ text: paragraph(rng, rng.int(40, 240)), target_language: rng.pick(LANGUAGES) }),
    response: (rng, args) => ({ translation: paragraph(rng, typeof args.text === "string" ? args.text.length : 100), detected_source: "en" }),
  },
  {
    name: "run_python",
    scenario: "analytics",
    description: "Execute a short Python snippet in a sandbox and return stdout.",
    parameters: schema({ code: str("Python source."), timeout_s: int("Seconds before the run is stopped.", { minimum: 1, maximum: 30 }) }, ["code"]),
    args: (rng) => ({
      code: `import statistics\nvalues = [${Array.from({ length: rng.int(3, 12) }, () => rng.int(1, 500)).join(", ")}]\nprint(statistics.mean(values), statistics.median(values))`,
      timeout_s: rng.int(5, 30),
    }),
    response: (rng) => ({ stdout: `${money(rng, 1, 500)} ${money(rng, 1, 500)}\n`, stderr: "", exit_code: 0 }),
  },
];

const SYSTEM_OPENINGS = [
  "You are a helpful assistant for an online travel and retail company.",
  "You are Atlas, an operations copilot. Use tools for every fact you state; never guess numbers.",
  "You are a customer support agent. Be concise, confirm before any irreversible action, and cite order ids.",
  "You are an analytics assistant with read-only access to the warehouse.",
  "You are a personal assistant that manages email, calendar and travel for a busy team.",
];

// ---- transcripts ----

/** Calls per transcript in [1, 9], summing exactly to `calls`. */
export function callCounts(rng: Rng, transcripts: number, calls: number): number[] {
  if (calls < transcripts || calls > transcripts * 9) {
    throw new Error(`${calls} tool calls cannot be spread over ${transcripts} transcripts with 1–9 calls each`);
  }
  const counts = Array.from({ length: transcripts }, () => rng.int(1, 9));
  let diff = calls - counts.reduce((a, b) => a + b, 0);
  while (diff !== 0) {
    const i = Math.floor(rng.next() * transcripts);
    if (diff > 0 && counts[i] < 9) {
      counts[i]++;
      diff--;
    } else if (diff < 0 && counts[i] > 1) {
      counts[i]--;
      diff++;
    }
  }
  return counts;
}

interface Counters {
  messages: number;
  parallelGroups: number;
  missingResponses: number;
  invalidArguments: number;
}

function brokenJson(rng: Rng, text: string): string {
  switch (rng.int(0, 2)) {
    case 0:
      return text.slice(0, Math.max(1, text.length - rng.int(1, 6))); // cut off mid-stream
    case 1:
      return text.replace(/"/g, "'"); // single quotes
    default:
      return text.replace(/}$/, ",}"); // trailing comma
  }
}

function transcript(rng: Rng, index: number, callCount: number, seed: number, counters: Counters): JsonObject {
  const tools = rng.sample(TOOLS, rng.int(2, 6));
  const messages: JsonObject[] = [];
  const opening = rng.pick(SYSTEM_OPENINGS);
  messages.push({ role: "system", content: `${opening} ${paragraph(rng, rng.int(100, 700))}` });
  const ticket = `${rng.pick(["REQ", "TKT", "CASE"])}-${seed}-${index}`;
  messages.push({ role: "user", content: `${paragraph(rng, rng.int(40, 380))} (ref ${ticket})` });

  let remaining = callCount;
  while (remaining > 0) {
    const parallel = remaining > 1 && rng.chance(0.25);
    const size = parallel ? Math.min(remaining, rng.int(2, 3)) : 1;
    if (parallel) counters.parallelGroups++;
    remaining -= size;
    const calls: { id: string; tool: ToolSpec; args: JsonObject; text: string }[] = [];
    for (let j = 0; j < size; j++) {
      const tool = rng.pick(tools);
      const args = tool.args(rng);
      let text = JSON.stringify(args);
      if (rng.chance(0.012)) {
        text = brokenJson(rng, text);
        counters.invalidArguments++;
      }
      calls.push({ id: `call_${rng.id(24)}`, tool, args, text });
    }
    const content = rng.chance(0.3) ? sentence(rng, 6, 20) : null;
    messages.push({
      role: "assistant",
      content,
      tool_calls: calls.map((call) => ({ id: call.id, type: "function", function: { name: call.tool.name, arguments: call.text } })),
    });
    // Parallel results do not always come back in the order they were asked for.
    const answered = parallel && rng.chance(0.3) ? rng.sample(calls, calls.length) : calls;
    for (const call of answered) {
      if (rng.chance(0.07)) {
        counters.missingResponses++;
        continue;
      }
      messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(call.tool.response(rng, call.args)) });
    }
    if (remaining > 0 && rng.chance(0.1)) {
      messages.push({ role: "assistant", content: paragraph(rng, rng.int(60, 240)) });
      messages.push({ role: "user", content: paragraph(rng, rng.int(20, 160)) });
    }
  }
  if (rng.chance(0.92)) messages.push({ role: "assistant", content: paragraph(rng, rng.int(80, 700)) });
  counters.messages += messages.length;

  const scenario = tools[0].scenario;
  const out: JsonObject = {};
  if (rng.chance(0.35)) out.name = `${scenario[0].toUpperCase()}${scenario.slice(1)}: ${sentence(rng, 3, 8).slice(0, -1)} #${index + 1}`;
  out.metadata = {
    agent: `${scenario}-agent`,
    model: rng.pick(MODELS),
    scenario,
    channel: rng.pick(CHANNELS),
    run_id: `bench-${seed}-${index}`,
  };
  out.tools = tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
  if (rng.chance(0.4)) out.parallel_tool_calls = true;
  if (rng.chance(0.2)) out.tool_choice = "auto";
  out.messages = messages;
  return out;
}

/** Writes the file and says what is in it. */
export function generateTranscripts(file: string, options: GenerateOptions): GenerateStats {
  const started = performance.now();
  const rng = new Rng(options.seed);
  const counts = callCounts(rng, options.transcripts, options.calls);
  const counters: Counters = { messages: 0, parallelGroups: 0, missingResponses: 0, invalidArguments: 0 };
  const fd = fs.openSync(file, "w");
  let bytes = 0;
  let buffer: string[] = [];
  let buffered = 0;
  const flush = () => {
    const chunk = Buffer.from(buffer.join(""));
    fs.writeSync(fd, chunk);
    bytes += chunk.length;
    buffer = [];
    buffered = 0;
  };
  try {
    for (let i = 0; i < options.transcripts; i++) {
      const line = `${JSON.stringify(transcript(rng, i, counts[i], options.seed, counters))}\n`;
      buffer.push(line);
      buffered += line.length;
      if (buffered > 1 << 20) flush();
    }
    flush();
  } finally {
    fs.closeSync(fd);
  }
  return {
    file,
    bytes,
    transcripts: options.transcripts,
    toolCalls: options.calls,
    ...counters,
    milliseconds: performance.now() - started,
  };
}
