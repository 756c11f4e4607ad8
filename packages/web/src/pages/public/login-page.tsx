import { Paper } from '@mantine/core';
import { useState } from 'react';
import { AuthPanel } from '../../features/auth';
import type { AuthMode } from '../../features/auth';

/** /login: the target of forced redirects, with the same forms as the landing modal. */
export default function LoginPage() {
  const [mode, setMode] = useState<AuthMode>('login');
  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" mt="xl">
      <AuthPanel mode={mode} onModeChange={setMode} />
    </Paper>
  );
}
