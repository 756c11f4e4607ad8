import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PasswordStrengthMeter } from './password-strength';

interface Field extends Omit<PasswordInputProps, 'label' | 'placeholder'> {
  label: string;
  placeholder?: string;
  value: string;
  'data-testid': string;
}

/** A new password with its strength meter (product rules §5) and its confirmation, for register, reset and change. */
export function NewPasswordFields({ password, confirm }: { password: Field; confirm: Field }) {
  return (
    <>
      <div>
        <PasswordInput autoComplete="new-password" required {...password} />
        <PasswordStrengthMeter password={password.value} />
      </div>
      <PasswordInput autoComplete="new-password" required {...confirm} />
    </>
  );
}
