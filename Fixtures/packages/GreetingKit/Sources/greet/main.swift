import GreetingKit
print(Greeting.title(for: "world"))
