/** A run offered by the compare form, with its criteria so they are listed as soon as it is picked. */
export interface CompareRunChoice {
  id: string;
  name: string;
  mode: string;
  criteria: { id: string; text: string; title: string | null }[];
}
