# statistics as training scripts use it on losses and timings: CPython's exact
# sums (mean([0.1, 0.2, 0.3]) is 0.2), correctly rounded stdev, medians,
# mode, quantiles and StatisticsError.
import statistics
from statistics import mean, stdev
losses = [0.9, 0.71, 0.52, 0.48, 0.47, 0.3, 0.1, 0.2]
print(mean([0.1, 0.2, 0.3]), sum([0.1, 0.2, 0.3]) / 3, mean([1, 2, 3]), mean([1, 2]), mean([True, 2]))
print(mean(losses), statistics.fmean(losses), statistics.fmean([1, 2, 3], weights=[1, 0, 3]))
print(statistics.median(losses), statistics.median([3, 1, 2]), statistics.median_low(losses), statistics.median_high(losses))
print(stdev(losses), statistics.pstdev(losses), statistics.variance(losses), statistics.pvariance(losses))
print(statistics.variance([1, 2, 3, 4]), statistics.pvariance([1, 2, 3, 4]), statistics.stdev([1, 2, 3, 4]), statistics.variance([2, 4, 6]))
print(statistics.mode([1, 2, 2, 3]), statistics.multimode("aabbc"), statistics.quantiles(losses), statistics.quantiles(range(10), n=5, method='inclusive'))
print(mean([1e50, 1, -1e50] * 10), mean([float('inf'), 1.0]), statistics.stdev([1.5, 2.5e-3, 1e10]))
for bad in (lambda: mean([]), lambda: stdev([1.0]), lambda: statistics.median([]), lambda: statistics.mode([])):
    try:
        bad()
    except statistics.StatisticsError as e:
        print(type(e).__name__, e, isinstance(e, ValueError))
