import { exploreInterface } from '../drivers/stateful';
import { registerExploration } from '../harness/runner';

registerExploration('stateful exploration', {
  title: 'random sequences of every operation, judged with the whole run',
  drive: exploreInterface,
});
