# Deeply nested scopes resolve in linear time (issue 16: the resolver once
# walked each nested body twice, so 30 nested lambdas never finished).
f = lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: lambda: "forty lambdas deep"
g = f()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()
print(g)

def outer(x):
    def f0(y=0):
        def f1(y=1):
            def f2(y=2):
                def f3(y=3):
                    def f4(y=4):
                        def f5(y=5):
                            def f6(y=6):
                                def f7(y=7):
                                    def f8(y=8):
                                        def f9(y=9):
                                            def f10(y=10):
                                                def f11(y=11):
                                                    def f12(y=12):
                                                        def f13(y=13):
                                                            def f14(y=14):
                                                                def f15(y=15):
                                                                    def f16(y=16):
                                                                        def f17(y=17):
                                                                            def f18(y=18):
                                                                                def f19(y=19):
                                                                                    def f20(y=20):
                                                                                        def f21(y=21):
                                                                                            def f22(y=22):
                                                                                                def f23(y=23):
                                                                                                    def f24(y=24):
                                                                                                        def f25(y=25):
                                                                                                            def f26(y=26):
                                                                                                                def f27(y=27):
                                                                                                                    def f28(y=28):
                                                                                                                        def f29(y=29):
                                                                                                                            return x + y
                                                                                                                        return f29
                                                                                                                    return f28
                                                                                                                return f27
                                                                                                            return f26
                                                                                                        return f25
                                                                                                    return f24
                                                                                                return f23
                                                                                            return f22
                                                                                        return f21
                                                                                    return f20
                                                                                return f19
                                                                            return f18
                                                                        return f17
                                                                    return f16
                                                                return f15
                                                            return f14
                                                        return f13
                                                    return f12
                                                return f11
                                            return f10
                                        return f9
                                    return f8
                                return f7
                            return f6
                        return f5
                    return f4
                return f3
            return f2
        return f1
    return f0

h = outer(100)
for _ in range(30):
    h = h()
print(h)
print([[[[[[[[[[[[[[[[[[[[i + j for j in range(2)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for _ in range(1)] for i in range(2)])
