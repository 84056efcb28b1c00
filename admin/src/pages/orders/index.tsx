/** orders: to be built (this file is replaced by the orders pages). */
import { Title } from '@mantine/core';

export default function Area() {
  return <Title order={1} size="h2">orders</Title>;
}
