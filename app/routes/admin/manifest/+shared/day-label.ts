/** How the manifest names its day: 'Thu, Apr 15, 2027'. Client-safe. */
import { formatDate } from '~/lib/format';

export function manifestDayLabel(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday}, ${formatDate(date)}`;
}
