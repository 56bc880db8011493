interface RequiredText {
  /** What the field holds, for "Keep the reason to 500 characters." */
  name: string;
  maxLength: number;
  /** What to say when nothing was entered. */
  whenEmpty: string;
}

/** What is wrong with the trimmed value of a required text field, or null when it will do. */
export function requiredTextProblem(value: string, { name, maxLength, whenEmpty }: RequiredText): string | null {
  if (!value) return whenEmpty;
  if (value.length > maxLength) return `Keep the ${name} to ${maxLength} characters.`;
  return null;
}
