import { Stack } from '@mantine/core';
import { useState } from 'react';
import { CodesBatch } from './codes-batch';
import type { GeneratedBatch } from './codes-generate-form';
import { CodesGenerateForm } from './codes-generate-form';
import { CodesTable } from './codes-table';

/** /recharge/codes: generate (the new batch shown right below), then the full list. */
export function CodesManager() {
  const [batch, setBatch] = useState<GeneratedBatch | null>(null);
  return (
    <Stack gap="lg">
      <CodesGenerateForm onGenerated={setBatch} />
      {batch && <CodesBatch batch={batch} />}
      <CodesTable />
    </Stack>
  );
}
