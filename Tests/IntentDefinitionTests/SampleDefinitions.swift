import IntentDefinition

/// Definitions built in code for tests.
enum SampleDefinitions {
    /// One definition that uses every part of the model.
    static let everything = IntentDefinition(
        modelVersion: "1.2",
        namespace: "abc123",
        classPrefix: "EX",
        intents: [
            Intent(
                name: "OrderSoup",
                title: "Order Soup",
                description: "Orders soup to collect or to be delivered",
                category: "order",
                verb: "Order",
                kind: "Custom",
                defaultImageName: "soup",
                configurable: true,
                ineligibleForSuggestions: true,
                deprecated: false,
                userConfirmationRequired: true,
                restrictions: 1,
                keyParameter: "soup",
                inputParameter: "soup",
                parameters: [
                    Parameter(
                        name: "soup", displayName: "Soup", displayPriority: 1, type: .custom("Soup"),
                        supportsResolution: true, supportsDynamicEnumeration: true, supportsSearch: true,
                        configurable: true, customDisambiguation: true,
                        prompts: [
                            Prompt(kind: .primary, formatString: "Which soup?", custom: true),
                            Prompt(kind: .disambiguationIntroduction, formatString: "There are ${count} soups.", custom: true),
                        ],
                        unsupportedReasons: [UnsupportedReason(code: "soldOut", formatString: "${soup} is sold out.", custom: true)]
                    ),
                    Parameter(
                        name: "quantity", displayName: "Quantity", displayPriority: 2, type: .integer,
                        supportsResolution: true,
                        metadata: ParameterMetadata(minimum: 1, maximum: 99, defaultValue: "1", other: ["SupportsNegativeNumbers": "true"])
                    ),
                    Parameter(name: "orderType", displayName: "Order Type", displayPriority: 3, type: .enumeration("OrderType"),
                              metadata: ParameterMetadata(defaultValue: "pickup")),
                    Parameter(
                        name: "address", displayName: "Address", displayPriority: 4, type: .placemark,
                        relationship: Relationship(parent: "orderType", predicate: .isEqualTo, values: ["delivery"])
                    ),
                    Parameter(name: "express", displayName: "Express", displayPriority: 5, type: .boolean,
                              metadata: ParameterMetadata(defaultValue: "false")),
                    Parameter(
                        name: "note", displayName: "Note", displayPriority: 6, type: .string,
                        metadata: ParameterMetadata(capitalization: "Sentences"),
                        relationship: Relationship(parent: "express", predicate: .isTrue)
                    ),
                    Parameter(name: "wait", displayName: "Wait", displayPriority: 7, type: .duration,
                              metadata: ParameterMetadata(minimum: 0, maximum: 3600.5, defaultValue: "60")),
                    Parameter(
                        name: "tip", displayName: "Tip", displayPriority: 8, type: .decimal, supportsMultipleValues: true,
                        relationship: Relationship(parent: "quantity", predicate: .isWithinRange, values: ["2", "10"])
                    ),
                    Parameter(name: "when", displayName: "When", displayPriority: 9, type: .dateComponents),
                    Parameter(name: "link", displayName: "Link", displayPriority: 10, type: .url),
                    Parameter(name: "price", displayName: "Price", displayPriority: 11, type: .currencyAmount),
                    Parameter(name: "friend", displayName: "Friend", displayPriority: 12, type: .person),
                    Parameter(name: "photo", displayName: "Photo", displayPriority: 13, type: .file),
                    Parameter(name: "thing", displayName: "Thing", displayPriority: 14, type: .object),
                ],
                parameterCombinations: [
                    ParameterCombination(parameters: ["soup"], title: "Soup: ${soup}", isPrimary: true, supportsBackgroundExecution: true),
                    ParameterCombination(parameters: ["soup", "quantity"], title: "${quantity} bowls of ${soup}", subtitle: "Now"),
                    ParameterCombination(parameters: ["soup"], title: "Soup: ${soup}", managed: true, updatesLinked: true),
                ],
                response: Response(
                    parameters: [
                        ResponseParameter(name: "soup", displayName: "Soup", type: .custom("Soup")),
                        ResponseParameter(name: "waitTime", displayName: "Wait", type: .string),
                        ResponseParameter(name: "extras", type: .enumeration("OrderType"), supportsMultipleValues: true),
                    ],
                    codes: [
                        ResponseCode(name: "success", formatString: "Your ${soup} is ready in ${waitTime}.", conciseFormatString: "Ready in ${waitTime}.", success: true),
                        ResponseCode(name: "failure"),
                        ResponseCode(name: "failureOutOfStock", formatString: "${soup} has run out today."),
                    ],
                    outputParameter: "soup"
                ),
                eligibleForWidgets: true
            ),
        ],
        enums: [
            EnumType(
                name: "OrderType", displayName: "Order Type",
                cases: [EnumCase(name: "pickup", displayName: "Pickup", value: 1), EnumCase(name: "delivery", displayName: "Delivery", value: 2)],
                unknownDisplayName: "Default"
            ),
        ],
        types: [
            CustomType(name: "Soup", displayName: "Soup", properties: [
                TypeProperty(name: "price", displayName: "Price", type: .decimal),
                TypeProperty(name: "kind", displayName: "Kind", type: .enumeration("OrderType")),
                TypeProperty(name: "toppings", displayName: "Toppings", type: .string, supportsMultipleValues: true),
            ]),
        ]
    )
}
