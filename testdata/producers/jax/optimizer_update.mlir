module @jit_update attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32x32xf32>, %arg3: tensor<32x10xf32>, %arg4: tensor<10xf32>, %arg5: tensor<64x32xf32>, %arg6: tensor<32xf32>, %arg7: tensor<32x32xf32>, %arg8: tensor<32x10xf32>, %arg9: tensor<10xf32>, %arg10: tensor<i32>, %arg11: tensor<64x32xf32>, %arg12: tensor<32xf32>, %arg13: tensor<32x32xf32>, %arg14: tensor<32x10xf32>, %arg15: tensor<10xf32>, %arg16: tensor<64x32xf32>, %arg17: tensor<32xf32>, %arg18: tensor<32x32xf32>, %arg19: tensor<32x10xf32>, %arg20: tensor<10xf32>) -> (tensor<64x32xf32> {jax.result_info = "result[0]['w0']"}, tensor<32xf32> {jax.result_info = "result[0]['w1']"}, tensor<32x32xf32> {jax.result_info = "result[0]['w2']"}, tensor<32x10xf32> {jax.result_info = "result[0]['w3']"}, tensor<10xf32> {jax.result_info = "result[0]['w4']"}, tensor<i32> {jax.result_info = "result[1][1][0].count"}, tensor<64x32xf32> {jax.result_info = "result[1][1][0].mu['w0']"}, tensor<32xf32> {jax.result_info = "result[1][1][0].mu['w1']"}, tensor<32x32xf32> {jax.result_info = "result[1][1][0].mu['w2']"}, tensor<32x10xf32> {jax.result_info = "result[1][1][0].mu['w3']"}, tensor<10xf32> {jax.result_info = "result[1][1][0].mu['w4']"}, tensor<64x32xf32> {jax.result_info = "result[1][1][0].nu['w0']"}, tensor<32xf32> {jax.result_info = "result[1][1][0].nu['w1']"}, tensor<32x32xf32> {jax.result_info = "result[1][1][0].nu['w2']"}, tensor<32x10xf32> {jax.result_info = "result[1][1][0].nu['w3']"}, tensor<10xf32> {jax.result_info = "result[1][1][0].nu['w4']"}) {
    %0 = chlo.square %arg5 : tensor<64x32xf32> -> tensor<64x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %2 = chlo.square %1 : tensor<64x32xf32> -> tensor<64x32xf32>
    %3 = stablehlo.add %0, %2 : tensor<64x32xf32>
    %4 = chlo.square %arg6 : tensor<32xf32> -> tensor<32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %6 = chlo.square %5 : tensor<32xf32> -> tensor<32xf32>
    %7 = stablehlo.add %4, %6 : tensor<32xf32>
    %8 = chlo.square %arg7 : tensor<32x32xf32> -> tensor<32x32xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %10 = chlo.square %9 : tensor<32x32xf32> -> tensor<32x32xf32>
    %11 = stablehlo.add %8, %10 : tensor<32x32xf32>
    %12 = chlo.square %arg8 : tensor<32x10xf32> -> tensor<32x10xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %14 = chlo.square %13 : tensor<32x10xf32> -> tensor<32x10xf32>
    %15 = stablehlo.add %12, %14 : tensor<32x10xf32>
    %16 = chlo.square %arg9 : tensor<10xf32> -> tensor<10xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %18 = chlo.square %17 : tensor<10xf32> -> tensor<10xf32>
    %19 = stablehlo.add %16, %18 : tensor<10xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.reduce(%3 init: %cst_4) applies stablehlo.add across dimensions = [0, 1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%7 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<32xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%11 init: %cst_6) applies stablehlo.add across dimensions = [0, 1] : (tensor<32x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%15 init: %cst_7) applies stablehlo.add across dimensions = [0, 1] : (tensor<32x10xf32>, tensor<f32>) -> tensor<f32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%19 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<10xf32>, tensor<f32>) -> tensor<f32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.add %cst_9, %20 : tensor<f32>
    %26 = stablehlo.add %25, %21 : tensor<f32>
    %27 = stablehlo.add %26, %22 : tensor<f32>
    %28 = stablehlo.add %27, %23 : tensor<f32>
    %29 = stablehlo.add %28, %24 : tensor<f32>
    %30 = stablehlo.sqrt %29 : tensor<f32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %31 = stablehlo.compare LT, %30, %cst_10, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %32 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %33 = stablehlo.divide %arg5, %32 : tensor<64x32xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %35 = stablehlo.multiply %33, %34 : tensor<64x32xf32>
    %36 = stablehlo.select %31, %arg5, %35 : tensor<i1>, tensor<64x32xf32>
    %37 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %38 = stablehlo.divide %arg6, %37 : tensor<32xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %40 = stablehlo.multiply %38, %39 : tensor<32xf32>
    %41 = stablehlo.select %31, %arg6, %40 : tensor<i1>, tensor<32xf32>
    %42 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %43 = stablehlo.divide %arg7, %42 : tensor<32x32xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<32x32xf32>
    %46 = stablehlo.select %31, %arg7, %45 : tensor<i1>, tensor<32x32xf32>
    %47 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %48 = stablehlo.divide %arg8, %47 : tensor<32x10xf32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %50 = stablehlo.multiply %48, %49 : tensor<32x10xf32>
    %51 = stablehlo.select %31, %arg8, %50 : tensor<i1>, tensor<32x10xf32>
    %52 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %53 = stablehlo.divide %arg9, %52 : tensor<10xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %55 = stablehlo.multiply %53, %54 : tensor<10xf32>
    %56 = stablehlo.select %31, %arg9, %55 : tensor<i1>, tensor<10xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %58 = stablehlo.multiply %57, %36 : tensor<64x32xf32>
    %cst_17 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %60 = stablehlo.multiply %59, %arg11 : tensor<64x32xf32>
    %61 = stablehlo.add %58, %60 : tensor<64x32xf32>
    %cst_18 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %63 = stablehlo.multiply %62, %41 : tensor<32xf32>
    %cst_19 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %65 = stablehlo.multiply %64, %arg12 : tensor<32xf32>
    %66 = stablehlo.add %63, %65 : tensor<32xf32>
    %cst_20 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %68 = stablehlo.multiply %67, %46 : tensor<32x32xf32>
    %cst_21 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %70 = stablehlo.multiply %69, %arg13 : tensor<32x32xf32>
    %71 = stablehlo.add %68, %70 : tensor<32x32xf32>
    %cst_22 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %73 = stablehlo.multiply %72, %51 : tensor<32x10xf32>
    %cst_23 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %75 = stablehlo.multiply %74, %arg14 : tensor<32x10xf32>
    %76 = stablehlo.add %73, %75 : tensor<32x10xf32>
    %cst_24 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %78 = stablehlo.multiply %77, %56 : tensor<10xf32>
    %cst_25 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %80 = stablehlo.multiply %79, %arg15 : tensor<10xf32>
    %81 = stablehlo.add %78, %80 : tensor<10xf32>
    %82 = stablehlo.multiply %36, %36 : tensor<64x32xf32>
    %cst_26 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %84 = stablehlo.multiply %83, %82 : tensor<64x32xf32>
    %cst_27 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %86 = stablehlo.multiply %85, %arg16 : tensor<64x32xf32>
    %87 = stablehlo.add %84, %86 : tensor<64x32xf32>
    %88 = stablehlo.multiply %41, %41 : tensor<32xf32>
    %cst_28 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %90 = stablehlo.multiply %89, %88 : tensor<32xf32>
    %cst_29 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %92 = stablehlo.multiply %91, %arg17 : tensor<32xf32>
    %93 = stablehlo.add %90, %92 : tensor<32xf32>
    %94 = stablehlo.multiply %46, %46 : tensor<32x32xf32>
    %cst_30 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %96 = stablehlo.multiply %95, %94 : tensor<32x32xf32>
    %cst_31 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %98 = stablehlo.multiply %97, %arg18 : tensor<32x32xf32>
    %99 = stablehlo.add %96, %98 : tensor<32x32xf32>
    %100 = stablehlo.multiply %51, %51 : tensor<32x10xf32>
    %cst_32 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %102 = stablehlo.multiply %101, %100 : tensor<32x10xf32>
    %cst_33 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %104 = stablehlo.multiply %103, %arg19 : tensor<32x10xf32>
    %105 = stablehlo.add %102, %104 : tensor<32x10xf32>
    %106 = stablehlo.multiply %56, %56 : tensor<10xf32>
    %cst_34 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %108 = stablehlo.multiply %107, %106 : tensor<10xf32>
    %cst_35 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %110 = stablehlo.multiply %109, %arg20 : tensor<10xf32>
    %111 = stablehlo.add %108, %110 : tensor<10xf32>
    %c = stablehlo.constant dense<2147483647> : tensor<i32>
    %112 = stablehlo.compare LT, %arg10, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_36 = stablehlo.constant dense<1> : tensor<i32>
    %113 = stablehlo.add %arg10, %c_36 : tensor<i32>
    %c_37 = stablehlo.constant dense<2147483647> : tensor<i32>
    %114 = call @_where(%112, %113, %c_37) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %cst_38 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %115 = stablehlo.convert %114 : (tensor<i32>) -> tensor<f32>
    %116 = stablehlo.convert %114 : (tensor<i32>) -> tensor<f32>
    %117 = stablehlo.power %cst_38, %116 : tensor<f32>
    %cst_39 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %118 = stablehlo.subtract %cst_39, %117 : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %118, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %120 = stablehlo.divide %61, %119 : tensor<64x32xf32>
    %121 = stablehlo.broadcast_in_dim %118, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %122 = stablehlo.divide %66, %121 : tensor<32xf32>
    %123 = stablehlo.broadcast_in_dim %118, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %124 = stablehlo.divide %71, %123 : tensor<32x32xf32>
    %125 = stablehlo.broadcast_in_dim %118, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %126 = stablehlo.divide %76, %125 : tensor<32x10xf32>
    %127 = stablehlo.broadcast_in_dim %118, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %128 = stablehlo.divide %81, %127 : tensor<10xf32>
    %cst_40 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %129 = stablehlo.convert %114 : (tensor<i32>) -> tensor<f32>
    %130 = stablehlo.convert %114 : (tensor<i32>) -> tensor<f32>
    %131 = stablehlo.power %cst_40, %130 : tensor<f32>
    %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %132 = stablehlo.subtract %cst_41, %131 : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %132, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %134 = stablehlo.divide %87, %133 : tensor<64x32xf32>
    %135 = stablehlo.broadcast_in_dim %132, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %136 = stablehlo.divide %93, %135 : tensor<32xf32>
    %137 = stablehlo.broadcast_in_dim %132, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %138 = stablehlo.divide %99, %137 : tensor<32x32xf32>
    %139 = stablehlo.broadcast_in_dim %132, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %140 = stablehlo.divide %105, %139 : tensor<32x10xf32>
    %141 = stablehlo.broadcast_in_dim %132, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %142 = stablehlo.divide %111, %141 : tensor<10xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %144 = stablehlo.add %134, %143 : tensor<64x32xf32>
    %145 = stablehlo.sqrt %144 : tensor<64x32xf32>
    %cst_43 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %147 = stablehlo.add %145, %146 : tensor<64x32xf32>
    %148 = stablehlo.divide %120, %147 : tensor<64x32xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %150 = stablehlo.add %136, %149 : tensor<32xf32>
    %151 = stablehlo.sqrt %150 : tensor<32xf32>
    %cst_45 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %153 = stablehlo.add %151, %152 : tensor<32xf32>
    %154 = stablehlo.divide %122, %153 : tensor<32xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %156 = stablehlo.add %138, %155 : tensor<32x32xf32>
    %157 = stablehlo.sqrt %156 : tensor<32x32xf32>
    %cst_47 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %158 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %159 = stablehlo.add %157, %158 : tensor<32x32xf32>
    %160 = stablehlo.divide %124, %159 : tensor<32x32xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %162 = stablehlo.add %140, %161 : tensor<32x10xf32>
    %163 = stablehlo.sqrt %162 : tensor<32x10xf32>
    %cst_49 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %165 = stablehlo.add %163, %164 : tensor<32x10xf32>
    %166 = stablehlo.divide %126, %165 : tensor<32x10xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %168 = stablehlo.add %142, %167 : tensor<10xf32>
    %169 = stablehlo.sqrt %168 : tensor<10xf32>
    %cst_51 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %171 = stablehlo.add %169, %170 : tensor<10xf32>
    %172 = stablehlo.divide %128, %171 : tensor<10xf32>
    %cst_52 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %174 = stablehlo.multiply %173, %arg0 : tensor<64x32xf32>
    %175 = stablehlo.add %148, %174 : tensor<64x32xf32>
    %cst_53 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %176 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %177 = stablehlo.multiply %176, %arg1 : tensor<32xf32>
    %178 = stablehlo.add %154, %177 : tensor<32xf32>
    %cst_54 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %180 = stablehlo.multiply %179, %arg2 : tensor<32x32xf32>
    %181 = stablehlo.add %160, %180 : tensor<32x32xf32>
    %cst_55 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %183 = stablehlo.multiply %182, %arg3 : tensor<32x10xf32>
    %184 = stablehlo.add %166, %183 : tensor<32x10xf32>
    %cst_56 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %186 = stablehlo.multiply %185, %arg4 : tensor<10xf32>
    %187 = stablehlo.add %172, %186 : tensor<10xf32>
    %cst_57 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %188 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %189 = stablehlo.multiply %188, %175 : tensor<64x32xf32>
    %cst_58 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %191 = stablehlo.multiply %190, %178 : tensor<32xf32>
    %cst_59 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %192 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %193 = stablehlo.multiply %192, %181 : tensor<32x32xf32>
    %cst_60 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<32x10xf32>
    %195 = stablehlo.multiply %194, %184 : tensor<32x10xf32>
    %cst_61 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %197 = stablehlo.multiply %196, %187 : tensor<10xf32>
    %198 = stablehlo.add %arg0, %189 : tensor<64x32xf32>
    %199 = stablehlo.add %arg1, %191 : tensor<32xf32>
    %200 = stablehlo.add %arg2, %193 : tensor<32x32xf32>
    %201 = stablehlo.add %arg3, %195 : tensor<32x10xf32>
    %202 = stablehlo.add %arg4, %197 : tensor<10xf32>
    return %198, %199, %200, %201, %202, %114, %61, %66, %71, %76, %81, %87, %93, %99, %105, %111 : tensor<64x32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x10xf32>, tensor<10xf32>, tensor<i32>, tensor<64x32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x10xf32>, tensor<10xf32>, tensor<64x32xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32x10xf32>, tensor<10xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
