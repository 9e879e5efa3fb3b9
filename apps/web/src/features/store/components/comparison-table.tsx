import { Badge, Stack, Text } from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { CheckCircleIcon, XCircleIcon } from '../../../ui/icons';
import classes from './comparison-table.module.css';
import { PriceText } from './price-text';

type Comparison = PathResult<'/api/store/get-product'>['comparison'];

interface ComparisonTableProps {
  comparison: Comparison;
  /** The plan whose page this is: its column is highlighted. */
  currentSlug: string;
}

/** The group's plans side by side: a column per plan, a row per feature. */
export function ComparisonTable({ comparison, currentSlug }: ComparisonTableProps) {
  const { products, rows } = comparison;
  return (
    // A scrolling box must be reachable by keyboard to be scrolled without a pointer.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <section className={classes.scroll} aria-label="جدول مقایسهٔ پلن‌ها" tabIndex={0}>
      <table className={classes.table}>
        <thead>
          <tr>
            <th scope="col" className={classes.label}>
              امکانات
            </th>
            {products.map((product) => {
              const current = product.slug === currentSlug;
              return (
                <th
                  key={product.id}
                  scope="col"
                  className={current ? classes.current : undefined}
                  aria-current={current || undefined}
                >
                  <Stack gap={4} align="center">
                    {current ? (
                      <>
                        <Badge size="xs" variant="filled">
                          همین پلن
                        </Badge>
                        <span className={classes.planName}>{product.name}</span>
                      </>
                    ) : (
                      <Text
                        component={Link}
                        to={`/store/${product.slug}`}
                        className={classes.planName}
                      >
                        {product.name}
                      </Text>
                    )}
                    <PriceText
                      prefix="از"
                      price={product.startingPrice.price}
                      cycle={product.startingPrice.cycle}
                      short
                      size="sm"
                    />
                  </Stack>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={classes.label}>
                {row.label}
              </th>
              {row.values.map((cell, index) => {
                const product = products[index];
                return (
                  <td
                    key={product?.id ?? index}
                    className={product?.slug === currentSlug ? classes.current : undefined}
                  >
                    <CellValue value={cell.value} included={cell.included} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A feature's amount ('۲۰ گیگابایت'), or ✓ / ✗ when the feature is a plain yes or no. */
function CellValue({ value, included }: { value: string | null; included: boolean }) {
  if (value !== null) return <>{toPersianDigits(value)}</>;
  return included ? (
    <CheckCircleIcon
      size={20}
      className={classes.yes}
      role="img"
      aria-hidden={false}
      aria-label="دارد"
    />
  ) : (
    <XCircleIcon
      size={20}
      className={classes.no}
      role="img"
      aria-hidden={false}
      aria-label="ندارد"
    />
  );
}
