print("tick-bench: waiting for the codec")
