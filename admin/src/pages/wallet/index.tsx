/** wallet: to be built (this file is replaced by the wallet pages). */
import { Title } from '@mantine/core';

export default function Area() {
  return <Title order={1} size="h2">wallet</Title>;
}
