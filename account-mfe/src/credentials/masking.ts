// What a hidden credential looks like (docs/product.md §2: hidden by default, the password as asterisks).

/** Always the same length: the real length is unknown to us and would leak if it were known. */
export const PASSWORD_MASK = '********';

/** 'jane.doe@example.com' → 'j*******@example.com': enough to recognise, not to read. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '*'.repeat(Math.max(email.length, 8));
  return `${email.charAt(0)}${'*'.repeat(Math.max(at - 1, 3))}${email.slice(at)}`;
}
