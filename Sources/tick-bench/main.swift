import TickCore
print("tick-bench")
