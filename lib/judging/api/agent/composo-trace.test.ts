import { describe, expect, it } from "vitest";
import { agentInstanceToChat } from "./composo-trace";
import { agentInstanceSchema } from "./composo-trace-schema";

const lookup = { name: "lookup_order", description: "Look an order up.", parameters: '{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}' };
const user = { role: "user", type: "text", content: "Where is order W1?" };
const call = { type: "tool_call", content: { id: "t1", name: "lookup_order", parameters: '{"order_id":"W1"}' } };

describe("agentInstanceToChat", () => {
  it("drops the history each interaction repeats, pairs tool responses with their calls and lists each tool once", () => {
    const instance = agentInstanceSchema.parse({
      id: "a1",
      name: "support",
      interactions: [
        { input_messages: [{ role: "system", content: "Be brief." }, user], output_messages: [{ type: "thinking_tokens", content: "I should look it up." }, call], tools_available: [lookup] },
        {
          // The SDK's users send the whole conversation again, the call included, as an input.
          input_messages: [{ role: "system", content: "Be brief." }, user, { role: "assistant", ...call }, { role: "tool", content: { id: "t1", response: '{"status":"shipped"}' } }],
          output_messages: [{ type: "text", content: "Order W1 has shipped." }],
          tools_available: [lookup],
        },
        "sub-agent-instance-id",
      ],
    });
    const converted = agentInstanceToChat(instance, "trace.agent_instance_by_id.a1");
    expect(converted).toEqual({
      ok: true,
      body: {
        messages: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "Where is order W1?" },
          { role: "assistant", content: null, tool_calls: [{ id: "t1", type: "function", function: { name: "lookup_order", arguments: '{"order_id":"W1"}' } }] },
          { role: "tool", tool_call_id: "t1", content: '{"status":"shipped"}' },
          { role: "assistant", content: "Order W1 has shipped." },
        ],
        tools: [{ type: "function", function: { name: "lookup_order", description: "Look an order up.", parameters: JSON.parse(lookup.parameters) } }],
      },
    });
  });

  it("has nothing to judge for an instance that only invokes sub-agents", () => {
    expect(agentInstanceToChat(agentInstanceSchema.parse({ id: "root", name: "orchestrator", interactions: ["a1", "a2"] }), "p")).toEqual({ ok: true, body: null });
  });

  it("names a tool whose parameters are not a JSON Schema string", () => {
    const instance = agentInstanceSchema.parse({ id: "a1", name: "x", interactions: [{ input_messages: [user], output_messages: [], tools_available: [{ ...lookup, parameters: "{not json" }] }] });
    expect(agentInstanceToChat(instance, "trace.agent_instance_by_id.a1")).toEqual({
      ok: false,
      path: "trace.agent_instance_by_id.a1.interactions[0].tools_available[0].parameters",
      message: "expected the tool's JSON Schema as a JSON string",
    });
  });
});
