// What a back-office form's last submit did, in the function's own words: announced politely when
// it worked, as an alert when it was refused.
export interface FormAnswerValue {
  ok: boolean;
  message: string;
}

export function FormAnswer({ answer }: { answer: FormAnswerValue | undefined }) {
  if (!answer) return null;
  return (
    <p
      role={answer.ok ? 'status' : 'alert'}
      className={`backoffice-message backoffice-message--${answer.ok ? 'ok' : 'error'}`}
    >
      {answer.message}
    </p>
  );
}
