import { Progress, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { loginPasswordStrength, registerPasswordScore, strengthLabel } from '@portal/contract';

const LOGIN_COLORS = { weak: 'red', medium: 'yellow', strong: 'teal' } as const;
const SCORE_COLORS = ['red', 'red', 'orange', 'yellow', 'teal', 'green'] as const;

/** Login (product rules §5): weak under 6 characters, medium under 8, otherwise strong. */
export function LoginStrengthHint({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const level = loginPasswordStrength(password);
  return (
    <Text size="xs" c={LOGIN_COLORS[level]} mt={4} data-testid="password-strength" data-level={level}>
      {t('auth.strength.label', { level: t(`auth.strength.${level}`) })}
    </Text>
  );
}

/** Register, reset and change (product rules §5): a 0-5 score as a meter, labelled very weak … very strong. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const score = registerPasswordScore(password);
  const label = t('auth.strength.label', { level: t(`auth.strength.${strengthLabel(score)}`) });
  return (
    <div data-testid="password-strength" data-score={score}>
      <Progress mt={6} size="sm" value={(score / 5) * 100} color={SCORE_COLORS[score]} aria-label={label} />
      <Text size="xs" c="dimmed" mt={4} aria-live="polite">
        {label}
      </Text>
    </div>
  );
}
