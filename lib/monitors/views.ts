/** A transition of an alert rule as pages and the API show it, with how its webhook post went. */
export interface AlertEventView {
  id: string;
  state: "firing" | "resolved";
  criterion: string | null;
  value: number;
  threshold: number;
  createdAt: string;
  delivery: string;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}
