// Server messages of a failed auth request, announced inside the form.
export function FormAlert({ messages }: { messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
