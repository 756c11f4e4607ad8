import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The failure of a form's request, above its fields (nothing when there is none). */
export function FormErrorAlert({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}
