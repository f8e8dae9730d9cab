// A field's first message under it, named by the field's aria-describedby.
export function FieldMessage({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.[0]) return null;
  return (
    <p className="field-error" id={id}>
      {messages[0]}
    </p>
  );
}
