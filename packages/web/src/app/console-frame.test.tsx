import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_FRAME_ID, DismissConsoleFrame } from './console-frame';

describe("the console's frame", () => {
  let frame: HTMLElement;
  afterEach(() => frame.remove());

  it("goes when the page is in place, and leaves the page's style sheets it linked in the document", async () => {
    frame = document.createElement('div');
    frame.id = CONSOLE_FRAME_ID;
    frame.innerHTML =
      '<link rel="stylesheet" data-test href="/assets/charts-x.css"><div class="mantine-AppShell-main">…</div>';
    document.body.append(frame);
    render(<DismissConsoleFrame />);
    // Marked dismissed at once (index.html hides it), emptied and out of the layout in the next task.
    expect(frame.hasAttribute('data-dismissed')).toBe(true);
    await waitFor(() => expect(document.querySelector('.mantine-AppShell-main')).toBeNull());
    expect(frame.style.display).toBe('none');
    expect(document.querySelectorAll('link[rel="stylesheet"][href="/assets/charts-x.css"]')).toHaveLength(1);
    // Dismissed once: a later layout's call leaves it as it is.
    frame.append(document.createElement('span'));
    render(<DismissConsoleFrame />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(frame.querySelector('span')).not.toBeNull();
  });
});
