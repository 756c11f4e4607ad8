import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_FRAME_ID, DismissConsoleFrame } from './console-frame';

describe("the console's frame", () => {
  afterEach(() => {
    document.getElementById(CONSOLE_FRAME_ID)?.remove();
    for (const link of document.head.querySelectorAll('link[data-test]')) link.remove();
  });

  it("goes when the page is in place, and leaves the page's style sheets it linked in the document", async () => {
    const frame = document.createElement('div');
    frame.id = CONSOLE_FRAME_ID;
    frame.innerHTML =
      '<link rel="stylesheet" data-test href="/assets/charts-x.css"><div class="mantine-AppShell-main">…</div>';
    document.body.append(frame);
    render(<DismissConsoleFrame />);
    // Hidden at once, emptied and out of the layout in the next task.
    expect(document.getElementById(CONSOLE_FRAME_ID)).toBeNull();
    expect(frame.style.visibility).toBe('hidden');
    await waitFor(() => expect(document.querySelector('.mantine-AppShell-main')).toBeNull());
    expect(frame.style.display).toBe('none');
    expect(document.querySelectorAll('link[rel="stylesheet"][href="/assets/charts-x.css"]')).toHaveLength(1);
    frame.remove();
  });
});
