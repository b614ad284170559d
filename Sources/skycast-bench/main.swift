print("skycast-bench: not built yet")
