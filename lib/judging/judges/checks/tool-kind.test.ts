import { describe, expect, it } from "vitest";
import { tool } from "./test-fixtures/views";
import { toolKind } from "./tool-kind";

describe("toolKind", () => {
  it.each([
    ["cancel_reservation", "", true],
    ["update_reservation_flights", "", true],
    ["book_flight", "", true],
    ["sendEmail", "", true],
    ["exchange_delivered_order_items", "", true],
    ["transfer_to_human_agents", "", false],
    ["transfer_funds", "", true],
    ["get_user_details", "", false],
    ["get_order", "", false],
    ["search_direct_flight", "", false],
    ["book_search", "", false],
    ["think", "Use the tool to think about something.", false],
    ["calculate", "", false],
    ["flight_booking_cancel", "", true],
    ["weather", "Returns the current weather for a city.", false],
    ["account_tool", "Deletes the user's account permanently.", true],
    ["mystery", "", false],
  ])("%s (%j) changes state: %s", (name, description, expected) => {
    expect(toolKind(tool(name, {}, [], description)).changesState).toBe(expected);
  });
});
