-- Default review labels: the small, editable set a reviewer picks from (admins rename, add and
-- archive them). Data only: the schema is unchanged. OR IGNORE keeps a label someone already
-- created under the same name.
INSERT OR IGNORE INTO "ReviewLabel" ("id", "name", "description", "position") VALUES
  ('review-label-wrong-tool', 'wrong tool', 'The agent called a tool that does not fit the request.', 0),
  ('review-label-bad-argument', 'bad argument', 'The right tool, with an argument that is wrong, missing or malformed.', 1),
  ('review-label-fabricated-value', 'fabricated value', 'An argument holds a value the user never gave and no tool returned.', 2),
  ('review-label-ignored-error', 'ignored error', 'The agent went on as if a failed tool call had succeeded.', 3),
  ('review-label-unnecessary-call', 'unnecessary call', 'The call was not needed: a repeat, or an answer already known.', 4),
  ('review-label-judge-mistake', 'judge mistake', 'The call was fine or wrong, and the judge said the opposite.', 5);
