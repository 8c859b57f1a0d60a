const months = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

/** Dutch long date: "12 november 2025". Dates are `YYYY-MM-DD`; no clock or time zone involved. */
export function dutchDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return `${d} ${months[(m ?? 1) - 1]} ${y}`;
}
