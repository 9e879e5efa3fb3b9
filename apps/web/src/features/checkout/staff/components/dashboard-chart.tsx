import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useId, useState } from 'react';
import { tomanText } from '../../../../lib/money';
import type { DashboardDay } from '../api/dashboard';
import {
  isLabelledDay,
  jalaliDayLabel,
  jalaliDayText,
  salesChart,
  salesText,
} from '../utils/dashboard-chart';
import classes from './dashboard-chart.module.css';

function dayDescription(day: DashboardDay): string {
  return `${jalaliDayText(day.date)}: فروش ${salesText(day.salesRial)}، ${toPersianDigits(day.orders)} سفارش پرداخت‌شده`;
}

/**
 * Sales of the last 30 Tehran days as bars (plain boxes, no chart library): each day is a list
 * item that says its date and figures, and the same numbers are a table one click away.
 */
export function DashboardChart({ days }: { days: readonly DashboardDay[] }) {
  const chart = salesChart(days);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const totalRial = days.reduce((sum, day) => sum + day.salesRial, 0);
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="xs">
        <Text size="sm" c="dimmed">
          {`جمع ۳۰ روز: ${salesText(totalRial)} از ${toPersianDigits(totalOrders)} سفارش`}
        </Text>
        <Text size="sm" c="dimmed">
          {`بیشترین روز: ${tomanText(chart.maxRial)}`}
        </Text>
      </Group>
      <div>
        <ul className={classes.plot} aria-label="فروش روزانهٔ ۳۰ روز گذشته">
          <li
            aria-hidden="true"
            className={classes.zero}
            style={{ top: `${chart.zeroFromTopPercent}%` }}
          />
          {chart.bars.map((bar, index) => {
            const day = days[index];
            if (!day) return null;
            const today = index === chart.bars.length - 1;
            const description = dayDescription(day);
            return (
              <li
                key={bar.date}
                className={classes.day}
                aria-label={description}
                title={description}
              >
                <span
                  className={[
                    classes.bar,
                    bar.negative ? classes.negative : '',
                    today && !bar.negative ? classes.today : '',
                    bar.salesRial !== 0 ? classes.some : '',
                  ].join(' ')}
                  style={
                    bar.negative
                      ? { top: `${chart.zeroFromTopPercent}%`, height: `${bar.heightPercent}%` }
                      : {
                          bottom: `${100 - chart.zeroFromTopPercent}%`,
                          height: `${bar.heightPercent}%`,
                        }
                  }
                />
              </li>
            );
          })}
        </ul>
        <div className={classes.axis} aria-hidden="true">
          {days.map((day, index) => (
            <span key={day.date} className={classes.tick}>
              {isLabelledDay(index, days.length) && (
                <span className={classes.tickLabel}>
                  {index === days.length - 1 ? 'امروز' : jalaliDayLabel(day.date)}
                </span>
              )}
            </span>
          ))}
        </div>
      </div>
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={showTable}
          aria-controls={showTable ? tableId : undefined}
          onClick={() => setShowTable(!showTable)}
        >
          {showTable ? 'پنهان کردن جدول' : 'نمایش اعداد در جدول'}
        </Button>
      </Group>
      {showTable && (
        <Table.ScrollContainer minWidth={0} id={tableId}>
          <Table striped verticalSpacing={4} aria-label="فروش روزانهٔ ۳۰ روز گذشته">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>روز</Table.Th>
                <Table.Th>فروش</Table.Th>
                <Table.Th>سفارش</Table.Th>
                <Table.Th>مشتری تازه</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...days].reverse().map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{jalaliDayText(day.date)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{salesText(day.salesRial)}</Table.Td>
                  <Table.Td>{toPersianDigits(day.orders)}</Table.Td>
                  <Table.Td>{toPersianDigits(day.newCustomers)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
