import { useQuery } from '@tanstack/react-query';
import { isDomainOnItsWay, type OrderDomain } from '../utils/domain-progress';
import { type OrderDetail, orderDetailQueryOptions } from './get-order-detail';

/** The order's domain lines and what became of each, as the order answers them (issue 38). */
export function domainsOfOrder(order: OrderDetail): OrderDomain[] {
  return order.lines.flatMap((line) =>
    line.domain && line.domainName
      ? [
          {
            lineId: line.id,
            name: line.domainName,
            action: line.domain.action,
            domainId: line.domain.domainId,
            state: line.domain.state,
            note: line.domain.note,
          },
        ]
      : [],
  );
}

/**
 * The domains an order bought, as they are now: read from the order (its own key, so the order's
 * page shares it), asked again every few seconds while a registry is answering one.
 */
export function useOrderDomains(userId: string | null, orderId: string | null) {
  return useQuery({
    ...orderDetailQueryOptions(userId ?? '', orderId ?? ''),
    enabled: userId !== null && orderId !== null,
    select: domainsOfOrder,
    refetchInterval: (query) =>
      query.state.data?.lines.some((line) => line.domain && isDomainOnItsWay(line.domain.state))
        ? 3_000
        : false,
  });
}
