import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (ISO), updated every second; 0 once passed, null without a deadline. */
export function useCountdown(deadline: string | null | undefined, active = true): number | null {
  const target = deadline ? new Date(deadline).getTime() : NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active || Number.isNaN(target)) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active, target]);
  if (Number.isNaN(target)) return null;
  return Math.max(0, target - now);
}

/** 905000 -> "15:05"; an hour or more -> "1:00:05". */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
