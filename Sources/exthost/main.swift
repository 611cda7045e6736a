print("exthost")
