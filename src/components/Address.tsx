// An email address that wraps at sensible points on a narrow screen: after the '@' and before each
// '.', so 'ana.maria@ex<wbr>ample.com' never splits mid-word while a break there fits
// (docs/product.md#look). A part longer than the line still breaks: `.address` is
// `overflow-wrap: anywhere` as the last resort, on the address alone.
import { Fragment } from 'react';

/** The address cut where a line may break: after '@', before '.'. */
function addressParts(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/);
}

export function Address({ address }: { address: string }) {
  const parts = addressParts(address);
  return (
    <span className="address">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
