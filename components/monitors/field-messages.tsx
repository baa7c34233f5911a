/** The server's messages for one field, under it, announced; `id` is what the field's aria-describedby names. */
export function FieldMessages({ id, messages }: { id: string; messages: readonly string[] }) {
  return (
    <span id={id} aria-live="polite" className="block text-xs font-normal text-rose-800">
      {messages.map((message) => (
        <span key={message} role="alert" className="block">
          {message}
        </span>
      ))}
    </span>
  );
}
