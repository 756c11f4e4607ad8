import { MantineProvider, NumberInput, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('shared field style', () => {
  it("puts a field's hint under its box, so fields side by side keep their boxes level", () => {
    render(
      <MantineProvider theme={theme}>
        <NumberInput label="数量" description="1–1000" data-testid="quantity" />
        <TextInput label="金额" data-testid="amount" />
      </MantineProvider>,
    );
    const quantity = screen.getByTestId('quantity');
    const hint = screen.getByText('1–1000');
    // The box comes before the hint in the document (and on screen): label, box, hint, error.
    expect(quantity.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByText('数量').compareDocumentPosition(quantity) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
