/**
 * A priced order before it is made (issue 26 "a review priced by the checkout itself"; issue 27's
 * registration review; issue 28's ticket summary): one row per line, then the subtotal, the promo
 * code's discount, each tax named, and the total. Every text and amount comes formatted from the
 * page (`formatCents`, `taxLabeller`), so the membership purchase, the registration and the
 * spectator summary show their quote the same way. A server component.
 */
import buy from './buy.module.css';

/** One line of the quote: what it is and its amount, both as shown. */
export interface QuoteTableLine {
  key: string;
  label: string;
  amount: string;
}

export interface QuoteTableProps {
  /** Read by screen readers only (the page's heading says it already). */
  caption: string;
  /** The two column headings: the line, the amount. */
  head: [string, string];
  lines: QuoteTableLine[];
  subtotal: { label: string; amount: string };
  /** The promo code's discount, when there is one (its amount without sign: the table writes −). */
  discount?: { label: string; amount: string } | null;
  taxes: QuoteTableLine[];
  total: { label: string; amount: string };
  testId?: string;
}

/** The quote's table (see the file's docstring). */
export function QuoteTable({ caption, head, lines, subtotal, discount, taxes, total, testId }: QuoteTableProps) {
  return (
    <table className={buy.summary} data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col" className={buy.amount}>
            {head[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <td>{line.label}</td>
            <td className={buy.amount}>{line.amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{subtotal.label}</th>
          <td className={buy.amount}>{subtotal.amount}</td>
        </tr>
        {discount ? (
          <tr>
            <th scope="row">{discount.label}</th>
            <td className={buy.amount}>−{discount.amount}</td>
          </tr>
        ) : null}
        {taxes.map((tax) => (
          <tr key={tax.key}>
            <th scope="row">{tax.label}</th>
            <td className={buy.amount}>{tax.amount}</td>
          </tr>
        ))}
        <tr className={buy.total}>
          <th scope="row">{total.label}</th>
          <td className={buy.amount}>{total.amount}</td>
        </tr>
      </tfoot>
    </table>
  );
}
