import { createMemoryBus, MemoryBroker } from '../../src/bus';
import { runBusContract } from './bus.contract';

let broker = new MemoryBroker();

runBusContract(
  'memory',
  async () => createMemoryBus({ broker }),
  async () => {
    broker = new MemoryBroker();
  },
);
