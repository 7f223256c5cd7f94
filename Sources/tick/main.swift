import TickCore
print("tick")
