import { useMessages } from '../i18n/messages';
import { sharedMessages } from '../messages';
import type { ButtonHTMLAttributes, Ref } from 'react';
import './styles';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'medium' | 'small';
  block?: boolean;
  /** Shows `busyLabel` (default 'Submiting...', docs/product.md §2) and disables the button. */
  busy?: boolean;
  busyLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'medium',
  block = false,
  busy = false,
  busyLabel: givenBusyLabel,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const t = useMessages(sharedMessages);
  // The spec's "Submiting..." (docs/product.md §8, spelling kept) unless the caller names it.
  const busyLabel = givenBusyLabel ?? t('Submiting...');
  const classes = [
    'shop-button',
    `shop-button--${variant}`,
    size === 'small' ? 'shop-button--small' : '',
    block ? 'shop-button--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
